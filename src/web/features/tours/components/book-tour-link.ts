/** The listing page's booking section, as a link target: `#book-tour`. */
export const BOOK_TOUR_ANCHOR = 'book-tour';

/** The query parameter that carries a visitor's chosen time through signing in. */
export const TOUR_START_PARAM = 'tour';
