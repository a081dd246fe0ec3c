// "/deleted" — where account deletion ends.
import type { Meta } from "../meta";

export const meta: Meta = { head: "deleted", layout: "centred", guards: { auth: false } };

export default function DeletedPage() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">Your account is deleted</h1>
      <p className="mb-6 text-gray-700 dark:text-gray-300">Your websites, their visits and your keys are gone. Thank you for trying Bothy.</p>
      <a href="/" className="font-semibold text-blue-700 underline dark:text-blue-400">Go to the start page</a>
    </>
  );
}
