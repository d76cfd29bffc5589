// Shared looks of form controls (teal primary, slate text, visible focus, dark mode).
export const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-100";
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-700 focus:ring-2 focus:ring-teal-700/30 focus:outline-none aria-[invalid=true]:border-red-600 dark:border-slate-500 dark:bg-slate-900 dark:text-white";
export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";
export const fieldErrorClass = "mt-1 text-sm text-red-700 dark:text-red-300";
export const linkClass = "font-semibold text-teal-800 underline-offset-2 hover:underline dark:text-teal-300";
