import { importsOf } from './imports.ts';
import type { Source } from './sources.ts';

/**
 * Issue 31 item 5, no import cycles: the import graph of the sources (value and type imports, static
 * and dynamic) has no strongly connected component of two files or more, and no file imports itself.
 * A cycle is keyed by its files, sorted, and reported as one loop through them with file:line.
 */
export type Cycle = { key: string; files: string[]; loop: string[] };

type Edge = { to: string; line: number };

export function importGraph(sources: Source[]): Map<string, Edge[]> {
  const files = new Set(sources.map((s) => s.file));
  return new Map(
    sources.map((source) => [
      source.file,
      importsOf(source, files).flatMap(({ target, line }) => (target === undefined ? [] : [{ to: target, line }])),
    ]),
  );
}

/** Tarjan's strongly connected components, iteratively (a deep graph would overflow the stack). */
function components(graph: Map<string, Edge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      const edge = edges[frame.edge++];
      if (edge !== undefined) {
        if (!index.has(edge.to)) {
          index.set(edge.to, next);
          low.set(edge.to, next++);
          stack.push(edge.to);
          onStack.add(edge.to);
          work.push({ node: edge.to, edge: 0 });
        } else if (onStack.has(edge.to)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(edge.to) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        found.push(component);
      }
    }
  }
  return found;
}

/** One loop through a component, from its first file back to it: `a.ts:3 -> b.ts`, `b.ts:7 -> a.ts`. */
function loopThrough(members: string[], graph: Map<string, Edge[]>): string[] {
  const inside = new Set(members);
  const start = members[0] as string;
  // Breadth-first from the start's imports back to the start, inside the component only.
  const cameFrom = new Map<string, { from: string; line: number }>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const { to, line } of graph.get(node) ?? []) {
      if (!inside.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, { from: node, line });
      if (to === start) queue.length = 0;
      else queue.push(to);
    }
  }
  const loop: string[] = [];
  let at = start;
  do {
    const step = cameFrom.get(at);
    if (step === undefined) break;
    loop.unshift(`${step.from}:${step.line} -> ${at}`);
    at = step.from;
  } while (at !== start);
  return loop;
}

export function importCycles(sources: Source[]): Cycle[] {
  const graph = importGraph(sources);
  return components(graph)
    .filter((members) => members.length > 1 || (graph.get(members[0] ?? '') ?? []).some((e) => e.to === members[0]))
    .map((members) => {
      const files = [...members].sort();
      return { key: files.join(' + '), files, loop: loopThrough(files, graph) };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}
