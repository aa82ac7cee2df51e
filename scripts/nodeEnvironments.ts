// The environments the CLI benchmarks run a Node command in: as this process has it, and, when
// it is set, without NODE_EXTRA_CA_CERTS. Node 20 parses every certificate that file lists at
// start, before any of our code runs (nodejs/node#40524; a sandbox may set it for its network
// proxy), and no RedPen command makes a TLS connection, so both are reported.

/** The path NODE_EXTRA_CA_CERTS names here, if any. */
export const extraCerts: string | undefined = process.env.NODE_EXTRA_CA_CERTS;

/** The environment as given, then (only when the variable is set) the one without it. */
export function nodeEnvironments(): { certsRemoved: boolean; env: NodeJS.ProcessEnv }[] {
  const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
  return [
    { certsRemoved: false, env: process.env },
    ...(extraCerts === undefined ? [] : [{ certsRemoved: true, env: without }]),
  ];
}
