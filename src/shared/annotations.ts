// Annotations as the API answers them and the dashboard draws them: a local day, a text, and
// whether the owner wrote it or an alert added it. Browser-safe.

/** note: the owner's own; regression: a page got heavier; traffic: page views far from usual;
 * speed: a page's LCP or INP went from good to poor; budget: a page went over its carbon budget. */
export type AnnotationKind = "note" | "regression" | "traffic" | "speed" | "budget";

export type Annotation = { id: number; day: string; text: string; kind: AnnotationKind };

/** Each kind's name, as the dashboard and the export show it. */
export const ANNOTATION_KINDS: Record<AnnotationKind, string> = { note: "Note", regression: "Heavier page", traffic: "Traffic", speed: "Slower page", budget: "Over budget" };

/** The longest note text accepted. */
export const ANNOTATION_MAX_LENGTH = 200;
