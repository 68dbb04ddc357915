/** Every saved-search query key starts with 'saved-searches': one live event refreshes them all. */
export const savedSearchesKeys = {
  all: ['saved-searches'] as const,
  list: ['saved-searches', 'list'] as const,
  matches: (id: string) => ['saved-searches', 'matches', id] as const,
};
