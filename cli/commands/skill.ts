// `tabwright skill` prints the agent skill; `tabwright skill install` copies it where agent
// hosts look for skills (~/.claude/skills/tabwright, ~/.codex/skills/tabwright, or --dir DIR/tabwright).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import type { CliFailure } from '../../contract/cliFailure.js';
import { skillDir } from '../packageFiles.js';

const SKILL_FILE = 'SKILL.md';
const REFERENCES_DIR = 'references';

function skillMissing(): CliFailure {
  return {
    name: 'SkillNotFound',
    message: `The skill is missing from this installation: ${join(skillDir, SKILL_FILE)} does not exist. Reinstall tabwright.`,
    exitCode: ExitCode.Failed,
  };
}

/** The skill is Markdown for an agent to read, so it is printed as is rather than as JSON. */
export function printSkill(): CommandOutcome {
  const file = join(skillDir, SKILL_FILE);
  if (!existsSync(file)) return failureOutcome(skillMissing());
  return { kind: 'text', exitCode: ExitCode.Succeeded, text: readFileSync(file, 'utf8') };
}

/** The skill's references, by name (the file name without .md): what `skill show` accepts. */
function referenceNames(): string[] {
  const dir = join(skillDir, REFERENCES_DIR);
  return existsSync(dir) ? readdirSync(dir).filter(f => f.endsWith('.md')).map(f => f.slice(0, -3)).sort() : [];
}

/** `skill show NAME`: one reference, printed as it is (an agent given only the CLI can read it). */
export function showReference(name: string): CommandOutcome {
  const names = referenceNames();
  const wanted = name.replace(/^references\//, '').replace(/\.md$/, '');
  if (!names.includes(wanted)) {
    return failureOutcome({
      name: 'UnknownReference',
      message: `No reference "${name}" in the skill. Its references: ${names.join(', ') || 'none (reinstall tabwright)'}; print one with \`tabwright skill show NAME\`.`,
      exitCode: ExitCode.Usage,
    });
  }
  return { kind: 'text', exitCode: ExitCode.Succeeded, text: readFileSync(join(skillDir, REFERENCES_DIR, `${wanted}.md`), 'utf8') };
}

/** Idempotent: each install replaces SKILL.md and references/ with the packaged ones. */
export function installSkill(dir: string | undefined): CommandOutcome {
  if (!existsSync(join(skillDir, SKILL_FILE))) return failureOutcome(skillMissing());
  const targets = dir !== undefined
    ? [join(resolve(dir), 'tabwright')]
    : [join(homedir(), '.claude', 'skills', 'tabwright'), join(homedir(), '.codex', 'skills', 'tabwright')];
  try {
    for (const target of targets) {
      mkdirSync(target, { recursive: true });
      cpSync(join(skillDir, SKILL_FILE), join(target, SKILL_FILE));
      rmSync(join(target, REFERENCES_DIR), { recursive: true, force: true });
      if (existsSync(join(skillDir, REFERENCES_DIR))) {
        cpSync(join(skillDir, REFERENCES_DIR), join(target, REFERENCES_DIR), { recursive: true });
      }
    }
  } catch (error) {
    return failureOutcome({
      name: 'SkillInstallFailed',
      message: `Could not install the skill (${(error as Error).message}). Give a writable directory with --dir DIR.`,
      exitCode: ExitCode.Failed,
    });
  }
  return jsonOutcome(ExitCode.Succeeded, { installed: targets });
}
