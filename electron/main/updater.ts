import { dialog } from 'electron';
import electronUpdater from 'electron-updater';

/** electron-updater: check the feed, download in the background, ask before restarting. */
export function startUpdates(feed: string | null, log: (message: string) => void): void {
  const { autoUpdater } = electronUpdater;
  if (feed) autoUpdater.setFeedURL({ provider: 'generic', url: feed });
  autoUpdater.autoDownload = true;
  autoUpdater.on('error', (error) => log(`update check failed: ${error.message}`));
  autoUpdater.on('update-downloaded', async (info) => {
    const choice = await dialog.showMessageBox({
      type: 'info',
      buttons: ['重启更新 Restart', '稍后 Later'],
      defaultId: 0,
      message: `QPaaS ${info.version}`,
      detail: '新版本已下载，重启后生效。A new version is downloaded; restart to use it.',
    });
    if (choice.response === 0) autoUpdater.quitAndInstall();
  });
  void autoUpdater.checkForUpdates().catch((error: Error) => log(`update check failed: ${error.message}`));
}
