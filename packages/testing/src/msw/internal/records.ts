/** The key of {@link MockService.operations}. */
export function operationKey(clientId: string, operationId: string): string {
  return `${clientId}\n${operationId}`;
}

/** Rounds Naira to two decimals. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
