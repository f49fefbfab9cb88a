// `tabwright skill` prints the agent skill; `tabwright skill install` copies it where agent
// hosts look for skills (~/.claude/skills/tabwright, ~/.codex/skills/tabwright, or --dir DIR/tabwright).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
