import { Router } from "express";
import { z } from "zod";
import { INTERNAL_CAPABILITIES } from "../config/principals";
import { db } from "../db";

export const register = Router();

const RESERVED = new Set(["admin", "root", "support", "dispatch", ...Object.values(INTERNAL_CAPABILITIES).flat()]);

const Registration = z.object({
  username: z.string().regex(/^[\p{L}\p{N}._-]{3,32}$/u),
  phone: z.string().regex(/^\+[1-9]\d{7,14}$/),
  licence: z.string().min(5),
});

register.post("/v1/drivers/register", async (req, res) => {
  const input = Registration.parse(req.body);
  if (RESERVED.has(input.username.toLowerCase())) {
    return res.status(409).json({ error: "username_unavailable" });
  }
  const driver = await db.drivers.create(input);
  req.log.info({ username: input.username, driverId: driver.id, realm: "drivers" }, "driver registered");
  return res.status(201).json({ driverId: driver.id });
});
