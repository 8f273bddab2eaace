// The share pages of Facebook, X (Twitter) and LinkedIn for an article. These are plain links
// a person follows in a new tab; nothing is loaded from those hosts by the page itself.
export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin';

export function shareLinks(url: string, title: string): Record<ShareNetwork, string> {
  const u = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}
