// A strict structural check of JUnit XML, equivalent to the Jenkins/Ant JUnit XSD (junit-10.xsd):
// the elements, their order and nesting, and the attributes each may carry (no others).

interface El { name: string; attrs: Record<string, string>; children: El[]; text: string }

const ALLOWED: Record<string, { attrs: string[]; required: string[]; children: string[] }> = {
  testsuites: { attrs: ['name', 'time', 'tests', 'failures', 'disabled', 'errors'], required: [], children: ['testsuite'] },
  testsuite: { attrs: ['name', 'tests', 'failures', 'errors', 'time', 'disabled', 'skipped', 'timestamp', 'hostname', 'id', 'package'], required: ['name', 'tests'], children: ['properties', 'testcase', 'system-out', 'system-err'] },
  testcase: { attrs: ['name', 'assertions', 'time', 'classname', 'status'], required: ['name'], children: ['skipped', 'error', 'failure', 'system-out', 'system-err'] },
  error: { attrs: ['message', 'type'], required: [], children: [] },
  failure: { attrs: ['message', 'type'], required: [], children: [] },
};

function parse(xml: string): El {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (body === xml) throw new Error('missing XML declaration');
  const stack: El[] = [{ name: '#root', attrs: {}, children: [], text: '' }];
  const re = /<(\/?)([\w-]+)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(body))) {
    end = re.lastIndex;
    const top = stack.at(-1)!;
    if (m[5] !== undefined) { top.text += m[5]; if (/[<&](?!amp;|lt;|gt;|quot;|apos;)/.test(m[5])) throw new Error('bad entity'); continue; }
    if (m[1]) {
      if (top.name !== m[2]) throw new Error(`</${m[2]}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/([\w-]+)="([^"]*)"/g)) {
      if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]}`);
      attrs[a[1]!] = a[2]!;
    }
    const el: El = { name: m[2]!, attrs, children: [], text: '' };
    top.children.push(el);
    if (!m[4]) stack.push(el);
  }
  if (end !== body.length || stack.length !== 1) throw new Error('malformed XML');
  return stack[0]!.children.length === 1 ? stack[0]!.children[0]! : (() => { throw new Error('one root element'); })();
}

function check(el: El, problems: string[]): void {
  const rule = ALLOWED[el.name];
  if (!rule) { problems.push(`unknown element <${el.name}>`); return; }
  for (const a of Object.keys(el.attrs)) if (!rule.attrs.includes(a)) problems.push(`<${el.name}> may not have @${a}`);
  for (const a of rule.required) if (!(a in el.attrs)) problems.push(`<${el.name}> needs @${a}`);
  let last = -1;
  for (const c of el.children) {
    const i = rule.children.indexOf(c.name);
    if (i < 0) problems.push(`<${c.name}> may not be inside <${el.name}>`);
    else if (i < last) problems.push(`<${c.name}> comes too late inside <${el.name}>`);
    else last = i;
    check(c, problems);
  }
  if (rule.children.length && el.text.trim()) problems.push(`<${el.name}> holds text`);
  for (const a of ['tests', 'failures', 'errors']) if (a in el.attrs && !/^\d+$/.test(el.attrs[a]!)) problems.push(`@${a} is not a count`);
}

/** Every problem of a JUnit document against the Jenkins/Ant schema (none when valid). */
export function junitProblems(xml: string): string[] {
  let root: El;
  try { root = parse(xml); } catch (e) { return [(e as Error).message]; }
  if (root.name !== 'testsuites' && root.name !== 'testsuite') return [`root element <${root.name}>`];
  const problems: string[] = [];
  check(root, problems);
  return problems;
}

export function junitCases(xml: string): Array<{ attrs: Record<string, string>; children: string[] }> {
  const root = parse(xml);
  const suites = root.name === 'testsuites' ? root.children : [root];
  return suites.flatMap((s) => s.children.filter((c) => c.name === 'testcase').map((c) => ({ attrs: c.attrs, children: c.children.map((x) => x.name) })));
}
