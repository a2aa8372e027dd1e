import { request } from "undici";

const ENDPOINT = process.env.ICS2_ENDPOINT ?? "https://conformance.ics2.taxud.example.eu/ens/v2";

export interface EnsFiling {
  lrn: string;
  payload: string;
}

export async function submitEns(filing: EnsFiling, token: string): Promise<string> {
  const res = await request(`${ENDPOINT}/filings`, {
    method: "POST",
    headers: { "content-type": "application/xml", authorization: `Bearer ${token}`, "x-lrn": filing.lrn },
    body: filing.payload,
  });
  if (res.statusCode !== 202) {
    throw new Error(`ICS2 rejected ${filing.lrn}: HTTP ${res.statusCode}`);
  }
  const body = (await res.body.json()) as { mrn: string };
  return body.mrn;
}
