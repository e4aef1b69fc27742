/* fatekit page bundle of sources e9755efea32284b15e9a535ce7238f917a56b302cb49e8138cfda758daf5f555 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-L4NS7VXT.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
