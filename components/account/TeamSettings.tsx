"use client";
// A website's team, for its owner and admins: the members with their roles (a role to change, a
// button to remove; a change saves at once), the invites waiting for their mailed link (to revoke), the invite form (the
// owner may invite to all their websites at once), and the
// activity list, newest first. The owner may hand the website to a member; anyone else on the team
// sees only the button to leave it (DomainSettings).
import { useEffect, useState } from "react";
import { MEMBER_ROLES, ROLE_DUTIES, type Role } from "../../src/shared/roles";
import { ApiForm } from "../forms/ApiForm";
import { api } from "../forms/api";

type Member = { email: string; name: string; role: Role };
type Invite = { email: string; role: Role };
type Activity = { at: string; actor: string; action: string; target: string | null; detail: string | null };
type Team = { members: Member[]; invites: Invite[] };

const EVENT = "bothy:team";
// NOTE: the bare role, as in the members' selects: the text above says what each role may do, and a
// phone's width has no room for that in a select, which cannot wrap.
const roleOptions = MEMBER_ROLES.map((r) => ({ value: r, label: r }));

/** A member's role, saved when it changes; says why when the change is refused. */
function RoleSelect({ path, member }: { path: string; member: Member }) {
  const [error, setError] = useState<string | null>(null);
  const change = (role: string) =>
    void api("PATCH", path, { role }).then((r) => (r.ok ? dispatchEvent(new Event(EVENT)) : setError(r.message)));
  return (
    <>
      <select
        aria-label={`Role of ${member.email}`}
        defaultValue={member.role}
        onChange={(e) => change(e.target.value)}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
      >
        {MEMBER_ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
      </select>
      {error && <span role="alert" className="text-xs text-red-700 dark:text-red-400">{error}</span>}
    </>
  );
}

export function TeamSettings({ domain, role, me }: { domain: string; role: Role; me: string }) {
  const [team, setTeam] = useState<Team | null>(null);
  const [activity, setActivity] = useState<Activity[]>([]);
  const path = `/api/domains/${encodeURIComponent(domain)}`;
  useEffect(() => {
    const load = () => {
      void api<Team>("GET", `${path}/members`).then((r) => setTeam(r.ok ? r.data : null));
      void api<{ activity: Activity[] }>("GET", `${path}/activity`).then((r) => setActivity(r.ok ? r.data.activity : []));
    };
    load();
    addEventListener(EVENT, load);
    return () => removeEventListener(EVENT, load);
  }, [path]);

  return (
    <section className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800" aria-labelledby="team">
      <h2 id="team" className="text-lg font-semibold">Team</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Invite people to this website by email. A viewer {ROLE_DUTIES.viewer}; an editor {ROLE_DUTIES.editor}; an admin {ROLE_DUTIES.admin}. The plan and
        its usage stay the owner&apos;s.
      </p>
      {team === null ? (
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">Loading…</p>
      ) : (
        <div className="mt-4 space-y-4">
          <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800" data-testid="team-members">
            {team.members.map((m) => (
              <li key={m.email} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all">
                  {m.email} <span className="text-gray-600 dark:text-gray-400">({m.role === "owner" ? "owner" : m.role}{m.email === me ? ", you" : ""})</span>
                </span>
                {m.role !== "owner" && m.email !== me && (
                  <span className="flex flex-wrap items-center gap-2">
                    <RoleSelect path={`${path}/members/${encodeURIComponent(m.email)}`} member={m} />
                    {role === "owner" && (
                      <ApiForm method="PATCH" action={`${path}/members/${encodeURIComponent(m.email)}`} extra={{ role: "owner" }} fields={[]} submit="Make owner" then={{ event: EVENT }} />
                    )}
                    <ApiForm method="DELETE" action={`${path}/members/${encodeURIComponent(m.email)}`} fields={[]} submit="Remove" danger then={{ event: EVENT }} />
                  </span>
                )}
              </li>
            ))}
            {team.invites.map((i) => (
              <li key={i.email} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all">
                  {i.email} <span className="text-gray-600 dark:text-gray-400">({i.role}, invited)</span>
                </span>
                <ApiForm method="DELETE" action={`${path}/members/${encodeURIComponent(i.email)}`} fields={[]} submit="Revoke" danger then={{ event: EVENT }} />
              </li>
            ))}
          </ul>
          <ApiForm
            method="POST"
            action={`${path}/members`}
            submit="Send invite"
            fields={[
              { name: "email", label: "Invite by email", type: "email" },
              { name: "role", label: "Role", type: "select", options: roleOptions, defaultValue: "viewer" },
              // NOTE: all the owner's websites are the owner's to give, not an admin's.
              ...(role === "owner" ? [{ name: "allDomains", label: "Invite to all my websites (one mail, one link)", type: "checkbox" as const }] : []),
            ]}
            then={{ clear: true, message: "Invite sent.", event: EVENT }}
          />
          {activity.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Activity</summary>
              <ol className="mt-2 space-y-1 text-gray-700 dark:text-gray-300" data-testid="team-activity">
                {activity.map((a, n) => (
                  <li key={n}>
                    <time dateTime={a.at}>{a.at.slice(0, 16).replace("T", " ")}</time> · {a.actor} · {a.action}
                    {a.target ? ` ${a.target}` : ""}
                    {a.detail ? ` (${a.detail})` : ""}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
