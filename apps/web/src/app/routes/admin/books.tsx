import { PageTitle } from '../../../components/ui/page-title.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AdminBookList } from '../../../features/books/components/admin-book-list.tsx';
import { BookUploadForm } from '../../../features/books/components/book-upload-form.tsx';

/** `/admin/books`: the catalogue for site admins: upload, list, delete (spec section 2, decisions.md). */
export default function AdminBooksRoute() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Manage Books" />
      <div>
        <h1 className="mb-2 text-3xl font-bold mobile:text-2xl">Manage Books</h1>
        <p className="text-ink-soft">Add picture books to the library, or take them out.</p>
      </div>
      <Card>
        <section aria-labelledby="upload-book-heading">
          <h2 id="upload-book-heading" className="mb-4 text-2xl font-bold">
            Upload a Book
          </h2>
          <BookUploadForm />
        </section>
      </Card>
      <section aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading" className="mb-4 text-2xl font-bold">
          Books in the Catalogue
        </h2>
        <AdminBookList />
      </section>
    </div>
  );
}
