/** Characters of the GSM 03.38 default alphabet: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: an escape plus the character, two septets each. */
const GSM7_EXTENDED = '\f^{}\\[~]|€';

/**
 * Septets per UTF-16 code unit (1 basic, 2 extension, 0 not GSM 7-bit), indexed by char code:
 * a typed-array lookup is several times faster than iterating the string against `Set`s. Every
 * GSM character is in the BMP, at or below `€` (U+20AC), which bounds the table.
 */
const septetsOf = new Uint8Array(0x20ad);
for (const char of GSM7_BASIC) septetsOf[char.charCodeAt(0)] = 1;
for (const char of GSM7_EXTENDED) septetsOf[char.charCodeAt(0)] = 2;

/** Septets of one code unit; 0 when it is not in the GSM 7-bit alphabet. */
const septets = (code: number): number => (code < septetsOf.length ? (septetsOf[code] ?? 0) : 0);

/** Default screen budgets: 182 septets in GSM 7-bit, 80 characters in UCS-2. */
export const DEFAULT_SCREEN_LIMITS = { gsm7: 182, ucs2: 80 } as const;

/** Screen budgets; both default to {@link DEFAULT_SCREEN_LIMITS}. */
export interface ScreenLimits {
  /** @defaultValue 182 */
  readonly gsm7?: number;
  /** @defaultValue 80 */
  readonly ucs2?: number;
}

/** How a text will travel to the phone and how much of the screen it takes. */
export interface ScreenMeasure {
  readonly encoding: 'GSM7' | 'UCS2';
  /** Septets for GSM 7-bit; UTF-16 code units for UCS-2. */
  readonly length: number;
  /** The budget for that encoding. */
  readonly limit: number;
  readonly fits: boolean;
}

/** True when every character of `text` is in the GSM 7-bit alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (septets(text.charCodeAt(i)) === 0) return false;
  return true;
}

/**
 * Measures a text as the phone will see it: GSM 7-bit septets (the escape characters
 * `€[]{}\~^|` and form feed count two), or, when any character is outside GSM 7-bit, UCS-2
 * with its smaller budget.
 *
 * @example
 * ```ts
 * measureScreen('Pay €5'); // { encoding: 'GSM7', length: 7, limit: 182, fits: true }
 * ```
 */
export function measureScreen(text: string, limits: ScreenLimits = {}): ScreenMeasure {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const cost = septets(text.charCodeAt(i));
    if (cost === 0) {
      const limit = limits.ucs2 ?? DEFAULT_SCREEN_LIMITS.ucs2;
      return { encoding: 'UCS2', length: text.length, limit, fits: text.length <= limit };
    }
    length += cost;
  }
  const limit = limits.gsm7 ?? DEFAULT_SCREEN_LIMITS.gsm7;
  return { encoding: 'GSM7', length, limit, fits: length <= limit };
}
