import { Link } from "react-router";

// Spec 2.8 error fallback texts. Rendered inside the chrome's <main> when the
// root data loaded, else inside a bare <main> (see root.tsx ErrorBoundary).
export function ErrorFallback({ status }: { status: number }) {
  if (status === 404) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <title>Page not found | Tendly</title>
        <p className="text-sm font-semibold text-teal-700 dark:text-teal-300">404</p>
        <h1 className="text-3xl font-bold">We couldn't find that page</h1>
        <p className="text-slate-600 dark:text-slate-300">The link may be old, or the page may have moved.</p>
        <Link to="/" className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800">
          Go to the home page
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <title>Something went wrong | Tendly</title>
      <h1 className="text-2xl font-bold">Something went wrong while loading this step...</h1>
      <p className="text-slate-600 dark:text-slate-300">Nothing you entered was lost. Please try again.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800"
      >
        Try Again
      </button>
    </div>
  );
}
