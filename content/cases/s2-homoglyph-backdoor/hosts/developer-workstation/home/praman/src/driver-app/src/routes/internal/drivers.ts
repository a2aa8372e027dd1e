import { Router } from "express";
import { z } from "zod";
import { requireCapability } from "../../middleware/requireCapability";
import { db } from "../../db";

export const internalDrivers = Router();

internalDrivers.get("/internal/drivers/payout-accounts", requireCapability("drivers:read"), async (req, res) => {
  const ids = String(req.query.ids ?? "").split(",").filter(Boolean).slice(0, 200);
  const accounts = await db.payoutAccounts.findByDrivers(ids);
  res.json(accounts);
});

internalDrivers.get("/internal/drivers/:id", requireCapability("drivers:read"), async (req, res) => {
  const driver = await db.drivers.findById(req.params.id);
  if (!driver) return res.status(404).end();
  return res.json(driver);
});

const PayoutAccount = z.object({
  iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/),
  holder: z.string().min(2),
});

internalDrivers.put("/internal/drivers/:id/payout-account", requireCapability("drivers:payout-account:write"), async (req, res) => {
  const body = PayoutAccount.parse(req.body);
  await db.payoutAccounts.upsert(req.params.id, body, { changedBy: req.auth!.preferred_username });
  return res.json({ ok: true });
});
