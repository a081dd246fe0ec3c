// "/signout" — ends the session (logout errors are ignored, local state resets either
// way), then a full load of the start page so nothing of the signed-in page stays in memory.
import { CallOnOpen } from "../../../components/account/CallOnOpen";
import type { Meta } from "../meta";

export const meta: Meta = { head: "signout", layout: "centred", guards: { auth: false } };

export default function SignoutPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Signing out</h1>
      <CallOnOpen path="/api/auth/logout" busy="Signing you out…" success="You are signed out." next="/" reload ignoreErrors />
    </>
  );
}
