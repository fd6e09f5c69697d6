import { useRevalidator } from "@remix-run/react";
import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { useHydrated } from "~/ui/use-hydrated";

/** What a refused upload's status says (the page's action answers with the API's status). */
const REFUSALS: Record<number, string> = {
  400: "photos.dropRefused",
  409: "photos.tooManyPhotos",
  413: "photos.fileTooLarge",
  415: "photos.unsupported",
  422: "photos.tooManyPixels",
};

type Progress = { name: string; index: number; total: number; percent: number } | null;

/**
 * The upload form, and with JavaScript a place to drop photos on: each dropped file is posted to
 * the page's action as the form would post it (its alt text from the form's field), one after
 * the other, with its progress shown and each start and result announced (aria-live); the list
 * is then loaded again. Without JavaScript this is the form alone.
 */
export function PhotoDropZone({
  children,
  altInputId,
  fileInputId,
}: {
  children: ReactNode;
  altInputId: string;
  fileInputId: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<Progress>(null);
  const [said, setSaid] = useState("");
  const busy = useRef(false);

  async function uploadAll(files: File[]) {
    const alt = document.getElementById(altInputId) as HTMLInputElement | null;
    if (!alt?.value.trim()) {
      setSaid(t("photos.altFirst"));
      alt?.focus();
      return;
    }
    if (busy.current || files.length === 0) return;
    busy.current = true;
    const results: string[] = [];
    for (const [index, file] of files.entries()) {
      setSaid(t("photos.dropUploading", { name: file.name, index: index + 1, total: files.length }));
      setProgress({ name: file.name, index: index + 1, total: files.length, percent: 0 });
      const status = await post(file, alt.value, (percent) =>
        setProgress({ name: file.name, index: index + 1, total: files.length, percent }),
      );
      const ok = status >= 200 && status < 400;
      results.push(
        ok
          ? t("photos.dropDone", { name: file.name })
          : t("photos.dropFailed", { name: file.name, reason: t(REFUSALS[status] ?? "photos.dropRefused") }),
      );
      setSaid(results.join(" "));
    }
    setProgress(null);
    busy.current = false;
    revalidator.revalidate();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    void uploadAll([...event.dataTransfer.files]);
  }

  return (
    <div
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`mt-3 rounded-lg border-2 border-dashed p-4 ${over ? "border-brand bg-brand/5" : "border-slate-300"}`}
    >
      {hydrated ? (
        <p className="text-sm text-slate-800">
          {t("photos.dropHere")}{" "}
          <label htmlFor={fileInputId} className="cursor-pointer font-medium underline">
            {t("photos.orChoose")}
          </label>
        </p>
      ) : null}
      {children}
      {progress ? (
        <div className="mt-3">
          <label htmlFor="upload-progress" className="block text-sm text-slate-800">
            {t("photos.progress", { name: progress.name, index: progress.index, total: progress.total })}
          </label>
          <progress id="upload-progress" max={100} value={progress.percent} className="mt-1 w-full" />
        </div>
      ) : null}
      {hydrated ? (
        <p aria-live="polite" role="status" className="mt-2 text-sm text-slate-800" data-testid="drop-status">
          {said}
        </p>
      ) : null}
    </div>
  );
}

/** A key of its own for each dropped file (crypto.randomUUID needs a secure context; this does not). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * Posts one file as the upload form would (multipart, with a key of its own: sent again, it is
 * added once), reporting the upload's progress; answers the status.
 */
function post(file: File, alt: string, onProgress: (percent: number) => void): Promise<number> {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("alt", alt);
  form.append("idempotencyKey", newKey());
  form.append("file", file, file.name);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", window.location.pathname);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(request.status);
    request.onerror = () => resolve(0);
    request.send(form);
  });
}
