// What the pages call on the rooms, declared into the framework's PageServices; src/app.ts
// provides them. Pages never run SQL: they ask these.
import type { SessionUser } from "../web/page";

declare module "../web/page" {
  interface PageServices {
    /** The domain's today in its own time zone when this viewer may read its dashboard, else null. */
    dashboardToday(domain: string, user: SessionUser | null): Promise<string | null>;
    /** False when no public dashboard has this id. */
    publicDashboardExists(id: string): Promise<boolean>;
  }
}
