import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";

/** The same code read again within this long is the same guest in front of the camera: not sent again. */
const SAME_CODE_MS = 4_000;

type Decode = typeof import("jsqr").default;

/** Set before the page reloads to get the camera: the scanner starts once it is back. */
const RESUME = "wayfarer.check-in.camera";

/**
 * "Scan with the camera": the camera (getUserMedia) shown in a <video>, its frames drawn into a
 * canvas and decoded by jsqr, which is loaded only when the button is pressed (a dynamic import:
 * the page's own JavaScript stays small). Each code read is handed to `onCode` once (the same
 * code again only after a pause). Without a camera or the permission, says why; typing the code
 * stays on the page either way.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const frameRef = useRef<number>(0);
  const lastRef = useRef<{ code: string; at: number } | null>(null);
  const [state, setState] = useState<"off" | "starting" | "on" | "failed">("off");
  const [problem, setProblem] = useState("");

  const stop = useCallback(() => {
    cancelAnimationFrame(frameRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState("off");
  }, []);

  useEffect(() => stop, [stop]);

  // Back after the reload below: start as asked.
  useEffect(() => {
    if (sessionStorage.getItem(RESUME) !== "1") return;
    sessionStorage.removeItem(RESUME);
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function start() {
    // A document keeps the Permissions-Policy it was loaded with: one reached by a client-side
    // navigation from a page without the camera (the sign-in page, the marketplace) reloads once
    // to get the console's (camera=(self)), then starts.
    type Policy = { allowsFeature(name: string): boolean };
    const own = document as Document & { permissionsPolicy?: Policy; featurePolicy?: Policy };
    const policy = own.permissionsPolicy ?? own.featurePolicy;
    if (policy && !policy.allowsFeature("camera")) {
      sessionStorage.setItem(RESUME, "1");
      window.location.reload();
      return;
    }
    setState("starting");
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera API");
      const [decode, stream] = await Promise.all([
        import("jsqr").then((module) => module.default as Decode),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      ]);
      streamRef.current = stream;
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play();
      setState("on");
      const tick = () => {
        const canvas = canvasRef.current;
        if (!streamRef.current || !canvas) return;
        if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          const context = canvas.getContext("2d", { willReadFrequently: true })!;
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const found = decode(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
          const now = Date.now();
          if (found?.data) {
            const last = lastRef.current;
            if (!last || last.code !== found.data || now - last.at > SAME_CODE_MS) onCode(found.data);
            lastRef.current = { code: found.data, at: now };
          }
        }
        frameRef.current = requestAnimationFrame(tick);
      };
      frameRef.current = requestAnimationFrame(tick);
    } catch (error) {
      stop();
      setProblem(error instanceof Error ? error.message : String(error));
      setState("failed");
    }
  }

  return (
    <div className="space-y-3" data-testid="camera-scanner">
      {state === "on" || state === "starting" ? (
        <button type="button" onClick={stop} className={BUTTON}>
          {t("tickets.stopCamera")}
        </button>
      ) : (
        <button type="button" onClick={() => void start()} className={BUTTON}>
          {t("tickets.scanCamera")}
        </button>
      )}
      {state === "starting" ? <p className="text-sm text-slate-700">{t("tickets.cameraLoading")}</p> : null}
      {state === "failed" ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("tickets.cameraUnavailable", { reason: problem })}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">{t("tickets.cameraHelp")}</p>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t("tickets.videoLabel")}
        className={state === "on" ? "w-full max-w-md rounded-lg bg-black" : "hidden"}
      />
      <canvas ref={canvasRef} className="hidden" aria-hidden="true" />
    </div>
  );
}

const BUTTON =
  "rounded-md border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/5 focus:outline-none focus:ring-2 focus:ring-brand/40";
