import { z } from 'zod';

/** Sandbox seconds a retention keeps something for: positive, at most 366 days (a leap year). */
export const retentionSeconds = z
  .number()
  .positive()
  .max(366 * 86_400);
