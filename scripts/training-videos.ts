// Renders the starter training modules' videos (docs/decisions/0037-training.md): for each module,
// a short silent WebM of titled slides, one per paragraph of the reading, and its WebVTT caption
// tracks in English and Spanish (each slide's caption is the paragraph's first sentence), into
// public/training/. Needs ffmpeg with libvpx-vp9 and drawtext (Debian's `ffmpeg` package).
//   npx tsx scripts/training-videos.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STARTER_MODULES } from "~/features/training/starter-modules";
import { paragraphs } from "~/features/training/training-rules";

const OUT = join(import.meta.dirname, "..", "public", "training");
const SECONDS_PER_SLIDE = 5;
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

/** The first sentence of a paragraph. */
function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return (match ? match[1]! : text).trim();
}

function vttTime(seconds: number): string {
  return `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}.000`;
}

/** Lines of at most `width` characters, for a slide. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "training-video-"));
try {
  for (const module of STARTER_MODULES) {
    const en = paragraphs(module.reading.en).map(firstSentence);
    const es = paragraphs(module.reading.es).map(firstSentence);
    const slides = Math.min(en.length, es.length);
    for (const [locale, sentences] of [
      ["en", en],
      ["es", es],
    ] as const) {
      const cues = sentences
        .slice(0, slides)
        .map(
          (sentence, index) =>
            `${index + 1}\n${vttTime(index * SECONDS_PER_SLIDE)} --> ${vttTime((index + 1) * SECONDS_PER_SLIDE)}\n${sentence}`,
        );
      writeFileSync(join(OUT, `${module.slug}.${locale}.vtt`), `WEBVTT\n\n${cues.join("\n\n")}\n`);
    }
    // Each slide: the title in both languages, the slide's number, and its point in English and Spanish.
    const filters: string[] = [];
    const titleFile = join(work, `${module.slug}-title.txt`);
    writeFileSync(titleFile, `${module.title.en}\n${module.title.es}`);
    filters.push(
      `drawtext=fontfile=${BOLD}:textfile=${titleFile}:fontcolor=white:fontsize=26:line_spacing=8:x=40:y=36`,
    );
    for (let index = 0; index < slides; index++) {
      const enText = wrap(en[index]!, 56);
      const esText = wrap(es[index]!, 56);
      const enFile = join(work, `${module.slug}-${index}.en.txt`);
      const esFile = join(work, `${module.slug}-${index}.es.txt`);
      writeFileSync(enFile, enText);
      writeFileSync(esFile, esText);
      const from = index * SECONDS_PER_SLIDE;
      const to = from + SECONDS_PER_SLIDE;
      const shown = `enable='between(t,${from},${to})'`;
      const esTop = 168 + enText.split("\n").length * 27 + 14;
      filters.push(
        `drawtext=fontfile=${BOLD}:text='${index + 1} / ${slides}':fontcolor=0x99f6e4:fontsize=20:x=40:y=130:${shown}`,
        `drawtext=fontfile=${FONT}:textfile=${enFile}:fontcolor=white:fontsize=19:line_spacing=8:x=40:y=168:${shown}`,
        `drawtext=fontfile=${FONT}:textfile=${esFile}:fontcolor=0xccfbf1:fontsize=19:line_spacing=8:x=40:y=${esTop}:${shown}`,
      );
    }
    execFileSync(
      "ffmpeg",
      [
        "-y",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        `color=c=0x134e4a:s=640x360:d=${slides * SECONDS_PER_SLIDE}:r=5`,
        "-vf",
        filters.join(","),
        "-c:v",
        "libvpx-vp9",
        "-crf",
        "45",
        "-b:v",
        "0",
        "-g",
        "50",
        "-an",
        join(OUT, `${module.slug}.webm`),
      ],
      { stdio: "inherit" },
    );
    console.log(`${module.slug}: ${slides} slides`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
