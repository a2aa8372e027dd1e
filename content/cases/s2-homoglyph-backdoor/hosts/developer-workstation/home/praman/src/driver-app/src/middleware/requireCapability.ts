import type { NextFunction, Request, Response } from "express";
import { INTERNAL_CAPABILITIES } from "../config/principals";

/**
 * Guards an /internal route: the caller's token subject must be allow-listed for the capability.
 * Access tokens of both SSO realms (drivers and services) are verified upstream by verifyAccessToken.
 */
export function requireCapability(capability: string) {
  const allowed = new Set(INTERNAL_CAPABILITIES[capability] ?? []);
  return (req: Request, res: Response, next: NextFunction) => {
    const principal = req.auth?.preferred_username;
    if (!principal || !allowed.has(principal)) {
      req.log.warn({ principal, realm: req.auth?.realm, capability }, "internal call denied");
      return res.status(403).json({ error: "forbidden", capability });
    }
    req.log.info({ principal, realm: req.auth?.realm, capability }, "internal call");
    return next();
  };
}
