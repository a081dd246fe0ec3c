// The map tooltip: a drop-in for react-path-tooltip's PathTooltip, which react-svg-worldmap mounts
// for every country with visits; the build resolves "react-path-tooltip" here (src/web/aliases.ts).
// NOTE: the library's effect re-ran on every render and added three listeners each time without
// removing one, so a country hovered k times kept 6k listeners (all but the newest doing nothing)
// and ran 2k of them on every mouse move, for as long as the dashboard stayed open. Here a path
// gets its three listeners once, and loses them when it goes. The drawing is the library's: a
// rounded box and a pointer, flipped left of the cursor past the middle and above it past half the
// height, the text wrapped at 34 characters.
import { useEffect, useRef, useState, type RefObject } from "react";

type Props = {
  tip: string;
  pathRef: RefObject<SVGPathElement | null>;
  svgRef: RefObject<SVGSVGElement | null>;
  fontSize?: number;
  fontFamily?: string;
  bgColor?: string;
  textColor?: string;
  rtl?: boolean;
};

type Box = { x: number; y: number; w: number; h: number; isLeft: boolean; isTop: boolean };

/** `tip` in lines of at most `max` characters, broken at spaces (inside a word that is longer). */
export function wrapTip(tip: string, max: number): string[] {
  const lines: string[] = [];
  let rest = tip;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > 0 ? space : max;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut + (space > 0 ? 1 : 0));
  }
  return [...lines, rest];
}

/** The pointer's triangle, on the corner of the box nearest the cursor. */
function pointer({ x, y, w, h, isLeft, isTop }: Box): string {
  const pts = (...p: [number, number][]) => p.map(([a, b]) => `${a},${b}`).join(" ");
  if (isTop) return isLeft ? pts([x + w - 7, y + h + 10], [x + w - 15, y + h], [x + w - 7, y + h]) : pts([x + 7, y + h + 10], [x + 15, y + h], [x + 7, y + h]);
  return isLeft ? pts([x + w - 8, y - 10], [x + w - 25, y], [x + w - 15, y]) : pts([x + 7, y - 10], [x + 30, y], [x + 22, y]);
}

export function PathTooltip({ tip, pathRef, svgRef, fontSize = 12, fontFamily = "sans-serif", bgColor = "black", textColor = "white", rtl = false }: Props) {
  const [hidden, setHidden] = useState(true);
  const [box, setBox] = useState<Box>({ x: 0, y: 0, w: 0, h: 0, isLeft: false, isTop: false });
  const textRef = useRef<SVGTextElement>(null);

  useEffect(() => {
    const path = pathRef.current;
    if (!path) return;
    let shown = false;
    const over = () => {
      shown = true;
      setHidden(false);
    };
    const leave = () => {
      shown = false;
      setHidden(true);
    };
    const move = (e: MouseEvent) => {
      const svg = svgRef.current?.getBoundingClientRect();
      const text = textRef.current?.getBoundingClientRect();
      if (!shown || !svg || !text) return;
      const isLeft = e.clientX - svg.x > svg.width / 2;
      const isTop = e.clientY - svg.y > svg.height / 2;
      const w = text.width + 20;
      const h = text.height + 20;
      setBox({ x: e.clientX - svg.x + (isLeft ? 8 - w : -8), y: e.clientY - svg.y + (isTop ? -12 - h : 8), w, h, isLeft, isTop });
    };
    path.addEventListener("mouseover", over);
    path.addEventListener("mouseleave", leave);
    path.addEventListener("mousemove", move);
    return () => {
      path.removeEventListener("mouseover", over);
      path.removeEventListener("mouseleave", leave);
      path.removeEventListener("mousemove", move);
    };
  }, [pathRef, svgRef]);

  const visibility = hidden ? "hidden" : "visible";
  const x = rtl ? box.x + box.w - 10 : box.x + 10;
  return (
    <g pointerEvents="none">
      <rect x={box.x} y={box.y} width={box.w} rx={5} ry={5} height={box.h} fill={bgColor} visibility={visibility} />
      <polygon fill={bgColor} visibility={visibility} points={pointer(box)} />
      <text ref={textRef} x={x} y={box.y} cursor="default" fontFamily={fontFamily} fontSize={fontSize} fill={textColor} visibility={visibility}>
        {wrapTip(tip, 35 - (fontSize - 11)).map((line, i) => (
          <tspan key={i} x={x} y={box.y + 20 + (fontSize - 11) + 20 * i}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
