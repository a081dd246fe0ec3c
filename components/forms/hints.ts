// Texts that several forms share. NOTE: the password rule is PASSWORD_MIN in src/auth/passwords.ts;
// not imported, because that module pulls the ~49,000-entry common-password list into the pages' bundle.
export const NEW_PASSWORD_HINT = "At least 10 characters, and not a common password.";
