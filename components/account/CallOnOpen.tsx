"use client";
// A page whose whole job is one API call when it opens: /signout (logout) and /verify?token=
// (consume the link). Says what happened; on success it may move on. Called once per mount even
// where React would run effects twice (development).
import { useEffect, useRef, useState } from "react";
import { navigate } from "../../src/web/client/navigation";
import { api } from "../forms/api";

type Props = {
  path: string;
  body?: Record<string, string>;
  busy: string;
  success: string;
  /** Where to go after success; `reload` for a full load, when the session changed. */
  next?: string;
  reload?: boolean;
  /** Logout errors are ignored; local state is reset either way. */
  ignoreErrors?: boolean;
};

export function CallOnOpen(props: Props) {
  const started = useRef(false);
  const [state, setState] = useState<{ kind: "busy" | "ok" | "failed"; text: string }>({ kind: "busy", text: props.busy });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api("POST", props.path, props.body ?? {}).then((r) => {
      if (!r.ok && !props.ignoreErrors) return setState({ kind: "failed", text: r.message });
      setState({ kind: "ok", text: props.success });
      if (props.next && props.reload) location.assign(props.next);
      else if (props.next) void navigate(props.next, { replace: true });
    });
  }, [props]);
  return (
    <p role={state.kind === "failed" ? "alert" : "status"} className={state.kind === "failed" ? "text-red-700 dark:text-red-400" : "text-gray-700 dark:text-gray-300"}>
      {state.text}
    </p>
  );
}
