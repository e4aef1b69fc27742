/* fatekit page bundle of sources d6e007f93b4e0acf25a281572e8c78d7353ff5c779c2de0855f08622263e2a02 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-7Z326D3O.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
