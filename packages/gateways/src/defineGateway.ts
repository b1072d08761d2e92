// The mechanism every adapter of this package is made with, for the providers it does not cover.

export type { DoorHead, DoorReply, TextAnswer, TextEvent } from '@ussdkit/router';
export {
  defineGateway,
  type Gateway,
  type GatewayApp,
  type GatewayDeclaration,
  type GatewayHandler,
  type GatewayOptions,
  type GatewayProblem,
  type GatewayRefusal,
  type GatewayRequest,
  type UnsupportedFeature,
  UnsupportedOnGatewayError,
} from '@ussdkit/router/gateway';
