import { z } from 'zod/mini';

/** POST /temp-selections body: photos handed to the print editor (own photos only). */
export const createTempSelectionRequestSchema = z.object({
  photoIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(10_000)),
});
export type CreateTempSelectionRequest = z.infer<typeof createTempSelectionRequestSchema>;

export const createTempSelectionResponseSchema = z.object({ tempSelectionId: z.uuid() });
export type CreateTempSelectionResponse = z.infer<typeof createTempSelectionResponseSchema>;

/** GET /temp-selections/{id} response. */
export const tempSelectionSchema = z.object({ photoIds: z.array(z.uuid()) });
export type TempSelection = z.infer<typeof tempSelectionSchema>;
