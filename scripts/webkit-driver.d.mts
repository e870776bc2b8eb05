import type { WebDriver } from 'selenium-webdriver';

export interface WebKitPaths {
  driver: string;
  browser: string;
  xvfb: string;
}

export interface WebKitSession {
  driver: WebDriver;
  stop: () => Promise<void>;
}

export function findWebKit(): WebKitPaths | string;
export function setViewport(
  driver: WebDriver,
  viewport: { width: number; height: number },
): Promise<void>;
export function startWebKit(
  paths: WebKitPaths,
  viewport: { width: number; height: number },
): Promise<WebKitSession>;
