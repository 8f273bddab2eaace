// The article body, the same for every article (spec §2 'a fixed article body'). The paragraphs
// stay in English in every language; the headings are translated (blog:article.body.<key>) and
// the page marks the English text with lang="en". See the README's 'Translations'.
export type ArticleBodySectionKey = 'beforeYouGo' | 'installing' | 'onArrival' | 'makingItLast';

export interface ArticleBodySection {
  heading: ArticleBodySectionKey;
  paragraphs: readonly string[];
}

export const ARTICLE_BODY: readonly ArticleBodySection[] = [
  {
    heading: 'beforeYouGo',
    paragraphs: [
      'The best time to sort out mobile data is before you pack. Start by checking that your phone supports eSIM and is not locked to one carrier: most recent models do, including iPhone XS and newer, Google Pixel 3 and newer and Samsung Galaxy S20 and newer, running iOS 12.1 or Android 9.0 or later. Then pick a plan that matches your destination and the length of your trip. Because validity starts when the plan is activated, not when you buy it, you can buy days or even weeks ahead without losing a single day of data.',
    ],
  },
  {
    heading: 'installing',
    paragraphs: [
      'Your eSIM arrives by email with a QR code and an installation link. On most phones you add it under the mobile data (or cellular) settings with an option such as "Add eSIM"; scan the code while you are on Wi-Fi and give the new line a clear label like "Travel". Each QR code can be used only once, so keep the eSIM installed rather than deleting it, especially if you may want a top-up later. Installing at home, with a steady connection and time to spare, is far easier than in an airport queue.',
    ],
  },
  {
    heading: 'onArrival',
    paragraphs: [
      'When you land, choose the travel eSIM as the line for mobile data and make sure data roaming is switched on for it: the eSIM connects through local partner networks, so it cannot work with roaming turned off. Your usual SIM can stay on for calls and texts to your own number, or off if you would rather avoid roaming charges altogether. Travel eSIMs carry data only, so internet calling and messaging apps keep you in touch. Within a minute or two you should see a 4G or 5G signal and be ready to go.',
    ],
  },
  {
    heading: 'makingItLast',
    paragraphs: [
      'Video streaming and automatic photo backups use the most data on the road. Set your apps to sync over Wi-Fi only, download maps and playlists for offline use before you leave your hotel, and watch for the usage alerts sent at 50%, 80% and 90% of your allowance. If you run low, buy a top-up from your account dashboard in a few taps and carry on exploring. And if anything is not working as it should, our support team is there for you 24/7.',
    ],
  },
];
