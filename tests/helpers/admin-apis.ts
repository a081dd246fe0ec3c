// Every route of the admin API as [method, path, body]: the list the HTTP and browser tests walk to
// show that each one answers 404 to anyone without the admin scope. A new admin route belongs here.
const NOBODY = "/api/admin/users/00000000-0000-4000-8000-000000000000";

export const ADMIN_APIS: [string, string, unknown?][] = [
  ["GET", "/api/admin/users"],
  ["GET", NOBODY],
  ["POST", `${NOBODY}/verify`, {}],
  ["POST", `${NOBODY}/scope`, { scope: "admin", grant: true }],
  ["POST", `${NOBODY}/sign-in`, { disabled: true }],
  ["POST", `${NOBODY}/delete`, { confirm: "x" }],
  ["GET", "/api/admin/domains"],
  ["GET", "/api/admin/usage"],
  ["GET", "/api/admin/monitoring"],
  ["GET", "/api/admin/requests"],
  ["POST", "/api/admin/requests/1/handled", {}],
  ["POST", "/api/admin/requests/1/reply", { reply: "hi" }],
  ["POST", "/api/admin/access-requests/1/handled", {}],
  ["POST", "/api/admin/access-requests/1/reply", { reply: "hi" }],
  ["GET", "/api/admin/stripe"],
  ["GET", "/api/admin/prices"],
  ["GET", "/api/admin/screenshots"],
  ["GET", "/api/admin/screenshots/image?url=https%3A%2F%2Fa.example%2F"],
  ["POST", "/api/admin/screenshots/delete", { url: "https://a.example/" }],
  ["GET", "/api/admin/servers"],
];
