import { backupPath, restoreCommand } from './backups';

/** The restore command the Backups page shows: this project's own, the file filled in, safe to paste. */
describe('restoreCommand', () => {
  it('names the backup in its folder, with --replace', () => {
    expect(restoreCommand({ folder: '/srv/agency/backups/' }, 'backup-20261203-013000.tar.gz')).toBe('npm run restore -- /srv/agency/backups/backup-20261203-013000.tar.gz --replace');
    expect(backupPath({ folder: '/srv/agency/backups' }, 'backup-20261203-013000.tar.gz')).toBe('/srv/agency/backups/backup-20261203-013000.tar.gz');
  });

  it('quotes a folder a shell would split or expand', () => {
    expect(restoreCommand({ folder: "/srv/Maria's backups" }, 'backup-20261203-013000.tar.gz')).toBe(`npm run restore -- '/srv/Maria'\\''s backups/backup-20261203-013000.tar.gz' --replace`);
    expect(restoreCommand({ folder: '/srv/$(rm -rf ~)' }, 'b.tar.gz')).toBe(`npm run restore -- '/srv/$(rm -rf ~)/b.tar.gz' --replace`);
  });
});
