/** The notes query's keys: on every page (the live handler), apart from the endpoints. */
export const notesKeys = {
  all: ['notes'] as const,
  list: (userId: string) => ['notes', userId] as const,
};
