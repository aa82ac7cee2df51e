// The look of a text box, select or text area across the app (the study settings, the
// collection card, the participant's intake): one class string, so every form looks alike and
// an invalid field (aria-invalid) is outlined red everywhere.
export const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-slate-900 focus:outline-none focus:ring-1 focus:ring-slate-900 aria-[invalid=true]:border-red-600";
