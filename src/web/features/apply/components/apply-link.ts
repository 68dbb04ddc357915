/** Where the listing page opens back from signing in to apply (the dialog then opens by itself). */
export const APPLY_ANCHOR = 'apply';
