import { useCallback, useState } from "react";

// A file sent with its progress shown (docs/product-rules.md, "Upload and application limits"): the browser's
// fetch cannot report how much of a body is sent, XMLHttpRequest can. The form still posts by itself without
// JavaScript; with it, the page sends the same form data here to an endpoint that answers in JSON.

export type UploadPhase = { phase: "idle" } | { phase: "sending"; percent: number } | { phase: "processing" };

/** What came back: the status and the JSON body, or status 0 when the connection failed. */
export type UploadAnswer<T> = { status: number; body: T | null };

export function useUploadWithProgress<T>() {
  const [state, setState] = useState<UploadPhase>({ phase: "idle" });
  const send = useCallback(
    (url: string, body: FormData) =>
      new Promise<UploadAnswer<T>>((resolve) => {
        const request = new XMLHttpRequest();
        request.open("POST", url);
        request.responseType = "json";
        request.setRequestHeader("Accept", "application/json");
        request.upload.addEventListener("progress", (event) => {
          if (event.lengthComputable) {
            setState({ phase: "sending", percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
          }
        });
        // Every byte is sent: the server checks and stores the file.
        request.upload.addEventListener("load", () => setState({ phase: "processing" }));
        request.addEventListener("load", () => {
          setState({ phase: "idle" });
          resolve({ status: request.status, body: request.response as T | null });
        });
        const failed = () => {
          setState({ phase: "idle" });
          resolve({ status: 0, body: null });
        };
        request.addEventListener("error", failed);
        request.addEventListener("abort", failed);
        setState({ phase: "sending", percent: 0 });
        request.send(body);
      }),
    [],
  );
  return { state, send, busy: state.phase !== "idle" };
}

/** The bar and its words while a file is sent; nothing otherwise. */
export function UploadProgress({
  state,
  sendingLabel,
  processingLabel,
}: {
  state: UploadPhase;
  /** "Uploading: 40%", from the percentage. */
  sendingLabel: (percent: number) => string;
  processingLabel: string;
}) {
  if (state.phase === "idle") return null;
  const label = state.phase === "sending" ? sendingLabel(state.percent) : processingLabel;
  return (
    <output className="mt-3 block space-y-1">
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-teal-700"
        max={100}
        value={state.phase === "sending" ? state.percent : undefined}
        aria-label={label}
      />
      <span className="block text-sm font-medium text-slate-700 dark:text-slate-200">{label}</span>
    </output>
  );
}
