import { createContext, type ComponentType } from 'react';

export type StoryBookPagesProps = {
  /** The book's signed PDF link. */
  url: string;
  title: string;
  /** The page to show: where the reading is (its page track), or where the viewer turned to. */
  page: number;
  onPageChange: (page: number) => void;
  /** `book`: the page-flip book filling the player; `beside`: one page next to the reader. */
  layout: 'book' | 'beside';
};

/** What the app provides the story player with (one component, as the other app-provided parts are). */
export type StoryBookParts = { Pages: ComponentType<StoryBookPagesProps> };

/**
 * The book's pages inside the story player. Drawing a PDF belongs to the books feature, so the app provides
 * the component (decision 006); without it the player plays the story without the pages.
 */
export const StoryBookPagesContext = createContext<StoryBookParts | null>(null);
