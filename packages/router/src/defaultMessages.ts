import type { RouterMessages } from './AppOptions';

/**
 * The router's default texts, in English.
 *
 * @example
 * ```ts
 * DEFAULT_MESSAGES.unavailable; // 'Service unavailable, please try again'
 * ```
 */
export const DEFAULT_MESSAGES: RouterMessages = {
  unavailable: 'Service unavailable, please try again',
  processUnavailable: 'This service is not available here.',
  flowChanged: 'This service was updated. Please dial again.',
  expired: 'Your session has expired. Please dial again.',
  deadline: 'We are still working on your request. Please try again shortly.',
  tooManyAttempts: 'Too many invalid attempts. Please dial again.',
  busy: 'Service busy. Please send your answer again.',
  invalidInput: 'Invalid input. Please try again.',
  notANumber: 'Please enter a number.',
  notAWholeNumber: 'Please enter a whole number.',
  tooSmall: 'Please enter {min} or more.',
  tooSmallExclusive: 'Please enter more than {min}.',
  tooBig: 'Please enter {max} or less.',
  tooBigExclusive: 'Please enter less than {max}.',
  tooShort: 'Please enter {min} or more characters.',
  tooLong: 'Please enter {max} or fewer characters.',
  invalidChoice: 'Please enter one of: {options}.',
  backLabel: 'Back',
  homeLabel: 'Home',
  moreLabel: 'More',
  resumePrompt: 'Continue where you left off?',
  resumeYes: 'Yes',
  resumeNo: 'No',
};
