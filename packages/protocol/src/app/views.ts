import { z } from 'zod';

/** Shows `message` and waits for the customer's text. */
export const inputViewSchema = z.object({ type: z.literal('InputView'), message: z.string() });
export type InputView = z.infer<typeof inputViewSchema>;

/** Shows `message` and ends the session (close `End` follows). */
export const infoViewSchema = z.object({ type: z.literal('InfoView'), message: z.string() });
export type InfoView = z.infer<typeof infoViewSchema>;

/** One line of a chooser. */
export const chooserItemSchema = z.object({
  accessKey: z.string().min(1),
  label: z.string().min(1),
});
export type ChooserItem = z.infer<typeof chooserItemSchema>;

/** A menu: a title line, then one `<accessKey><separator><label>` line per item. */
export const chooserViewSchema = z
  .object({
    type: z.literal('ChooserView'),
    title: z.string(),
    items: z.array(chooserItemSchema).min(1, 'a chooser needs at least one item'),
    separator: z.string().min(1).optional(),
  })
  .superRefine((view, ctx) => {
    const seen = new Set<string>();
    view.items.forEach((item, index) => {
      if (seen.has(item.accessKey)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'accessKey'],
          message: `duplicate accessKey "${item.accessKey}"`,
        });
      }
      seen.add(item.accessKey);
    });
  })
  .meta({
    description:
      'accessKeys are unique among the items (a rule JSON Schema cannot state; the zod schema checks it).',
  });
export type ChooserView = z.infer<typeof chooserViewSchema>;

/** What a ShowView action shows. */
export const viewSchema = z.discriminatedUnion('type', [
  inputViewSchema,
  chooserViewSchema,
  infoViewSchema,
]);
export type View = z.infer<typeof viewSchema>;
