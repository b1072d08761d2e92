import type { RouterMessages } from './AppOptions';

/**
 * The router's texts in French, used for the language `fr` (change any of them in
 * `messages.fr`). Written in GSM 7-bit characters only (`é`, `è`, `à` are in it; `ê`, `ç` are
 * not), so that a French screen keeps the 182-septet budget.
 *
 * @example
 * ```ts
 * FRENCH_MESSAGES.unavailable; // 'Service indisponible, veuillez réessayer.'
 * ```
 */
export const FRENCH_MESSAGES: RouterMessages = {
  unavailable: 'Service indisponible, veuillez réessayer.',
  processUnavailable: "Ce service n'est pas disponible ici.",
  flowChanged: 'Ce service a été mis à jour. Veuillez composer à nouveau.',
  expired: 'Votre session a expiré. Veuillez composer à nouveau.',
  deadline: 'Votre demande est en cours de traitement. Veuillez réessayer dans un instant.',
  tooManyAttempts: 'Trop de tentatives invalides. Veuillez composer à nouveau.',
  busy: 'Service occupé. Veuillez renvoyer votre réponse.',
  invalidInput: 'Saisie invalide. Veuillez réessayer.',
  notANumber: 'Veuillez saisir un nombre.',
  notAWholeNumber: 'Veuillez saisir un nombre entier.',
  tooSmall: 'Veuillez saisir {min} ou plus.',
  tooSmallExclusive: 'Veuillez saisir plus de {min}.',
  tooBig: 'Veuillez saisir {max} ou moins.',
  tooBigExclusive: 'Veuillez saisir moins de {max}.',
  tooShort: 'Veuillez saisir au moins {min} caractères.',
  tooLong: 'Veuillez saisir au plus {max} caractères.',
  invalidChoice: "Veuillez saisir l'une des valeurs : {options}.",
  backLabel: 'Retour',
  homeLabel: 'Accueil',
  moreLabel: 'Suite',
  resumePrompt: 'Reprendre là où vous en étiez ?',
  resumeYes: 'Oui',
  resumeNo: 'Non',
};
