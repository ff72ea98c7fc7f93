// Command-line options of the scripts, read by Node's own util.parseArgs.
import { parseArgs } from 'node:util';

/**
 * The values of `argv` for `options` (util.parseArgs's option list), strictly: an unknown option, a positional
 * argument or an option without its value throws an Error saying so in a line the scripts print with their usage.
 * @param {string[]} argv
 * @param {import('node:util').ParseArgsConfig['options']} options
 * @returns {Record<string, string | boolean | string[] | undefined>}
 */
export function parseCliArgs(argv, options) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    // Node names the argument in quotes in its messages ("Option '--route <value>' argument missing").
    const arg = /'([^'\s]*)/.exec(err.message)?.[1] ?? String(err.message);
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && options[arg.replace(/^-+/, '')]?.type === 'string') {
      throw new Error(`${arg} needs a value`);
    }
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new Error(`${arg} takes no value`);
    if (err.code?.startsWith('ERR_PARSE_ARGS_')) throw new Error(`unknown argument: ${arg}`);
    throw err;
  }
}
