// The shapes of a browser's WebAuthn answers (base64url fields, as @simplewebauthn/browser sends
// them): a new passkey's registration and a passkey's signed assertion, for every route that takes one.
import { t } from "elysia";

export const b64url = t.String({ maxLength: 8192, pattern: "^[A-Za-z0-9_-]*={0,2}$" });
const credential = {
  id: b64url,
  rawId: b64url,
  type: t.Literal("public-key"),
  authenticatorAttachment: t.Optional(t.Union([t.Literal("platform"), t.Literal("cross-platform")])),
  clientExtensionResults: t.Object({}, { additionalProperties: true }),
};
export const registration = t.Object({
  ...credential,
  response: t.Object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: t.Optional(b64url),
    transports: t.Optional(t.Array(t.String({ maxLength: 20 }), { maxItems: 10 })),
    publicKeyAlgorithm: t.Optional(t.Integer()),
    publicKey: t.Optional(b64url),
  }),
});
export const assertion = t.Object({
  ...credential,
  response: t.Object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: t.Optional(b64url) }),
});
