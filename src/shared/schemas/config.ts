import { z } from 'zod';

/** `GET /api/config`: public settings the browser needs. No secrets. */
export const PublicConfigSchema = z.object({
  /** The site's own address (`BASE_URL`): canonical links and link previews name it. */
  siteUrl: z.string(),
  chatbot: z
    .object({
      injectScriptUrl: z.string(),
      botScriptUrl: z.string(),
      clientId: z.string(),
      botId: z.string().optional(),
    })
    .nullable(),
  /**
   * Issue 16: with `MAP_STYLE_URL` set, maps use MapLibre GL with this style; null draws the
   * built-in SVG map of the five boroughs (no network).
   */
  map: z.object({ styleUrl: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
