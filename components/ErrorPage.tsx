// The error page: the status code, "Oops! {message}." and a way home.
export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <>
      <p className="text-5xl font-bold text-gray-500 dark:text-gray-400">{status}</p>
      <h1 className="mt-4 text-xl font-semibold text-gray-900 dark:text-white">Oops! {message}.</h1>
      <p className="mt-6">
        <a href="/" className="font-medium text-blue-700 underline hover:text-blue-900 dark:text-blue-400">
          Go back home
        </a>
      </p>
    </>
  );
}
