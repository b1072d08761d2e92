import { z } from 'zod';

/** Answer of `GET /client/info`. */
export const clientProfileSchema = z.object({
  msisdn: z.string(),
  callback: z.string(),
  name: z.string(),
  emailAddress: z.string(),
  country: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** Answer of `GET /ussd/app/{appId}`; `shortcode` is `<main_code>*<app_code>`. */
export const ussdAppProfileSchema = z.object({
  appId: z.string(),
  url: z.string(),
  shortcode: z.string(),
});
export type UssdAppProfile = z.infer<typeof ussdAppProfileSchema>;
