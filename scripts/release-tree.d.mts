/** The files of the checkout that go into the release tree beside the package. */
export const besideThePackage: string[];
/** Makes the release commit of the package in packageDir on top of repository's HEAD; returns its id. */
export function releaseCommit(options: {
  repository: string;
  packageDir: string;
  files?: string;
  tag?: boolean;
  merge?: boolean;
}): string;
