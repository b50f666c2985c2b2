import type { Command } from 'commander';
import { CertifyExit } from './certify-output.js';
import { verifyCommand } from './certify-verify.js';
import type { CliParts } from './cli-operator.js';

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** `certify verify|revoke|keys|rotate-key|withdraw-key`: the certificates a passed run is given (docs/certification.md#certificates). */
export function addCertificateCommands(certify: Command, parts: CliParts): void {
  certify
    .command('verify')
    .description('verify an integration certificate (its page URL, its .jws URL, or a saved .jws file); exit 0 when valid')
    .argument('<certificate>', 'FILE or URL')
    .option('--keys <url|file>', "the issuer's key set (default: /.well-known/certificate-keys.json beside a certificate URL); a saved copy verifies offline")
    .option('--revoked <url|file>', "the issuer's revocation list (default: /certificates/revoked.json of the issuer, when reachable)")
    .action(async (source: string, o) => {
      const code = await verifyCommand(source, o, process);
      if (code !== 0) throw new CertifyExit(code);
    });

  certify
    .command('revoke')
    .description('revoke an integration certificate: its page, badge and certify verify say so, with the reason')
    .argument('<certificateId>', 'the certificate, cer_…')
    .requiredOption('--reason <text>', 'why (shown publicly)')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (certificateId: string, o) => print(await parts.withOperator(o, (call) => call('certify.revoke', { certificateId, reason: o.reason }))));
  certify
    .command('keys')
    .description('list the certificate signing keys: which one signs, which are still published')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (o) => print(await parts.withOperator(o, (call) => call('certify.keys', {}))));
  certify
    .command('rotate-key')
    .description('a new certificate signing key signs from now on; the old one stays published until its certificates expire')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (o) => print(await parts.withOperator(o, (call) => call('certify.rotate-key', {}))));
  certify
    .command('withdraw-key')
    .description('take a retired certificate signing key out of the published set at once: what it signed no longer verifies')
    .argument('<kid>', 'the key id')
    .addOption(parts.dataOption())
    .addOption(parts.databaseOption())
    .action(async (kid: string, o) => print(await parts.withOperator(o, (call) => call('certify.withdraw-key', { kid }))));
}
