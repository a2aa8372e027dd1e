import { createSegmentStream, type Segment } from "{{package_1}}";
import type { Readable } from "node:stream";

export interface CusdecHeader {
  messageRef: string;
  declarationType: string;
  lrn: string;
}

/** Reads the BGM and RFF+ABE segments of a CUSDEC interchange. */
export async function readCusdecHeader(input: Readable): Promise<CusdecHeader> {
  const header: Partial<CusdecHeader> = {};
  for await (const seg of input.pipe(createSegmentStream({ encoding: "UNOC" })) as AsyncIterable<Segment>) {
    if (seg.tag === "UNH") header.messageRef = seg.elements[0]?.[0] ?? "";
    if (seg.tag === "BGM") header.declarationType = seg.elements[0]?.[0] ?? "";
    if (seg.tag === "RFF" && seg.elements[0]?.[0] === "ABE") header.lrn = seg.elements[0]?.[1] ?? "";
    if (header.messageRef && header.declarationType && header.lrn) break;
  }
  if (!header.messageRef || !header.declarationType || !header.lrn) {
    throw new Error("CUSDEC interchange lacks UNH, BGM or RFF+ABE");
  }
  return header as CusdecHeader;
}
