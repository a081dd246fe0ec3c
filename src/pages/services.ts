// What the pages call on the rooms, declared into the framework's PageServices; src/app.ts
// provides them. Pages never run SQL: they ask these.
import type { ContentService } from "../content";
import type { PrivacyNotice } from "../domains";
import type { AdminReads } from "../admin";
import type { BadgeEvidence } from "../badge";
import type { Filter } from "../shared/filters";
import type { AccountUsage } from "../shared/usage";
import type { SessionUser } from "../web/page";
import type { YearReportAnswer } from "../yearly";

declare module "../web/page" {
  interface PageServices {
    /** The domain's today in its own time zone when this viewer may read its dashboard, else null. */
    dashboardToday(domain: string, user: SessionUser | null): Promise<string | null>;
    /** Blog, news and docs as loaded from content/ at start. */
    content: ContentService;
    /** The facts of a domain's privacy notice, or null when it has none to show (unknown, or turned off). */
    privacyNotice(domain: string): Promise<PrivacyNotice | null>;
    /** The figures behind a domain's earned carbon badge, or null when it shows none (unknown, or turned off). */
    carbonBadge(domain: string): Promise<BadgeEvidence | null>;
    /** The admin area's reads; its pages are guarded by the admin scope. */
    admin: AdminReads;
    /** The account's unique visits this calendar month (UTC) over all its domains, and when a
     * downgrade's grace period ends (null: none running). */
    accountUsage(uid: string): Promise<AccountUsage>;
    /** The product counts itself (SELF_TRACKING=on): pages without the tracker may send its events. */
    selfTracking: boolean;
    /** The single sign-on provider's name for the sign-in button, or null when none is configured. */
    signInProvider: string | null;
    /** False when no public dashboard has this id. */
    publicDashboardExists(id: string): Promise<boolean>;
    /** The yearly sustainability report of a domain the viewer may read (404 otherwise) for the slice
     * of `filters` (none: the whole site), or the notice that its plan does not include it; a
     * malformed or future year is a 400. */
    yearReport(domain: string, viewer: SessionUser, year: string | null, filters: Filter[]): Promise<YearReportAnswer>;
  }
}
