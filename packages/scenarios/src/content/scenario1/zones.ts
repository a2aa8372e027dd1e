import type { z } from "zod";
import type { ZoneSchema } from "../../schema";

/**
 * The five zones of the Scenario 1 enterprise network. Each description names everything the
 * zone holds, including the hosts only Scenario 2 works with: both scenarios are one network.
 */
export const ZONES: z.input<typeof ZoneSchema>[] = [
  {
    id: "dmz",
    name: "DMZ",
    cidr: "10.0.10.0/24",
    description:
      "Internet-facing services behind the perimeter firewall (edge-fw01): the customer CRM, the mail relay and the VPN gateway, beside the shipment-tracking reverse proxy, the driver app API and the HR portal.",
  },
  {
    id: "corp",
    name: "Corp",
    cidr: "10.0.20.0/24",
    description:
      "The corporate LAN: staff workstations, the domain controller that also serves internal DNS, the file server and the print server.",
  },
  {
    id: "dev",
    name: "Dev",
    cidr: "10.0.30.0/24",
    description:
      "Development and test: the Git server, the CI/CD server, the artifact repository, the test database and the staging Docker host.",
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
