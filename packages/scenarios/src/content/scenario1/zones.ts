import type { z } from "zod";
import type { ZoneSchema } from "../../schema";

/** The five zones of the Scenario 1 enterprise network. */
export const ZONES: z.input<typeof ZoneSchema>[] = [
  {
    id: "dmz",
    name: "DMZ",
    cidr: "10.0.10.0/24",
    description:
      "Internet-facing services behind the perimeter firewall: the customer CRM, the mail relay and the VPN gateway.",
  },
  {
    id: "corp",
    name: "Corp",
    cidr: "10.0.20.0/24",
    description: "The corporate LAN: staff workstations and the domain controller that also serves internal DNS.",
  },
  {
    id: "dev",
    name: "Dev",
    cidr: "10.0.30.0/24",
    description: "Development and test: the Git server, the CI/CD server and the test database.",
  },
  {
    id: "mgmt",
    name: "Mgmt",
    cidr: "10.0.40.0/24",
    description:
      "Management: the admin jump host, the SIEM, the backup server and the core switch's management interface.",
  },
  {
    id: "ics",
    name: "ICS",
    cidr: "10.0.50.0/24",
    description:
      "Industrial control: the SCADA server, the process historian and the IoT/PLC simulator of the warehouse conveyor line.",
  },
];
